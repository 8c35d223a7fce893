use std::time::{Duration, Instant};

pub struct State {
    pub x: f64,
}

impl State {
    pub fn step(&mut self, dt: f64) {
        self.x += dt;
    }
}

/// A clock over an integrator's steps: no tensor here, nothing queued on a device.
pub fn integrate(state: &mut State, n: usize) -> Duration {
    let start = Instant::now();
    for _ in 0..n {
        state.step(1e-3);
    }
    start.elapsed()
}
