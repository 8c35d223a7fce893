use crate::builders::{
    agent::{AgentBuilder, BurnBackend as BuilderBurnBackend, CandleBackend},
};

pub type BurnAgentBuilder = AgentBuilder<u32, BuilderBurnBackend>;
pub type CandleAgentBuilder = AgentBuilder<u32, CandleBackend>;

pub fn burn_builder() -> BurnAgentBuilder {
    AgentBuilder { params: 1, backend: CandleBackend }.with_burn()
}
