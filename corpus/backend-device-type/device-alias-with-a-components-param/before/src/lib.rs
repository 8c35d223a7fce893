use burn::train::LearningComponentsTypes;

pub type LearnerDevice<LC> =
    <<LC as LearningComponentsTypes>::Backend as burn::tensor::backend::BackendTypes>::Device;
