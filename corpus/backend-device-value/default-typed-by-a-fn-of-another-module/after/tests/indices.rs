use default_typed_by_a_fn_of_another_module::{indices, report};
use burn::tensor::Device;

#[test]
fn reads_ndarrays_integers() {
    assert_eq!(report::three(), vec![0, 1, 2]);
    assert_eq!(report::two(), vec![0, 1]);
    assert_eq!(indices(1, &Device::ndarray()), vec![0]);
}
