use burn::prelude::*;
use burn::tensor::{DType, TensorData};
use burn_store::pytorch::PytorchReader;

type Error = Box<dyn std::error::Error>;

/// One weight read by hand from a PyTorch checkpoint.
pub fn load_weight<B: Backend>(path: &str, key: &str, device: &B::Device) -> Result<Tensor<B, 2>, Error> {
    let reader = PytorchReader::new(path)?;
    let snap = reader.get(key).ok_or("missing weight")?;
    let shape = snap.shape.to_vec();
    if snap.dtype != DType::F32 {
        return Err("not f32".into());
    }
    let values = snap.to_data()?.convert::<f32>().into_vec::<f32>().map_err(|e| format!("{e:?}"))?;
    Ok(Tensor::<B, 2>::from_data(TensorData::new(values, [shape[0], shape[1]]), device))
}

/// The keys: `keys()` is the same in 0.22.1.
pub fn names(path: &str) -> Result<Vec<String>, Error> {
    Ok(PytorchReader::new(path)?.keys())
}
