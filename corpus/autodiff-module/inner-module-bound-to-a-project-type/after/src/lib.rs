use burn::module::Module;

/// A project trait whose validation model is a type of its own.
pub trait Workload {
    type Model: Module;
    type EvalModel: Module;
    /// Takes the validation model: a caller passing `model.valid()` meets E0308 on 0.22.1
    /// unless `EvalModel` becomes `Model` (the review says so).
    fn evaluate(&self, m: &Self::EvalModel) -> f64;
}
