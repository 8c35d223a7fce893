/// Zero-sized marker that tied a pipeline stage to a backend.
pub struct Stage {
}

pub fn stage() -> Stage {
    Stage {}
}
