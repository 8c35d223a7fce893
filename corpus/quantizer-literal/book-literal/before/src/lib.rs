use burn::module::Quantizer;
use burn::tensor::quantization::{Calibration, QuantScheme, QuantValue};

pub use own::make;

/// As burn's book wrote it: a literal with both fields (the caller passes it to
/// `model.quantize_weights(&mut quantizer)`).
pub fn book_quantizer() -> Quantizer {
    let scheme = QuantScheme::default().with_value(QuantValue::Q8S);
    Quantizer {
        calibration: Calibration::MinMax,
        scheme,
    }
}

/// Fields in the other order, both written out.
pub fn default_quantizer() -> Quantizer {
    Quantizer { scheme: QuantScheme::default(), calibration: Calibration::MinMax }
}

mod own {
    /// A project's own `Quantizer` in another module: not burn's, left alone.
    pub struct Quantizer {
        pub calibration: u8,
        pub scheme: u8,
    }

    pub fn make() -> Quantizer {
        Quantizer { calibration: 1, scheme: 2 }
    }
}
