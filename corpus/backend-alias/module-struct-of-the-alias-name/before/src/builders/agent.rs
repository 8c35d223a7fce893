/// The project's marker for "train with burn", named like the crate's backend alias.
#[derive(Debug, Clone, Copy, Default)]
pub struct BurnBackend;

#[derive(Debug, Clone, Copy, Default)]
pub struct CandleBackend;

pub struct AgentBuilder<P, Backend> {
    pub params: P,
    pub backend: Backend,
}

impl<P, Backend> AgentBuilder<P, Backend> {
    pub fn with_burn(self) -> AgentBuilder<P, BurnBackend> {
        AgentBuilder { params: self.params, backend: BurnBackend }
    }
}
