pub mod physics;

use burn::prelude::*;
use std::time::{Duration, Instant};

/// The clock is read while the matmul may still be queued (the finding).
pub fn unsynced<B: Backend>(x: Tensor<B, 2>) -> Duration {
    let start = Instant::now();
    let _y = x.clone().matmul(x);
    start.elapsed()
}

/// Near miss: the result is read first.
pub fn synced<B: Backend>(x: Tensor<B, 2>) -> Duration {
    let start = Instant::now();
    let y = x.clone().matmul(x);
    let _data = y.into_data();
    start.elapsed()
}

/// Near miss: the clock is commented out, only the work is left.
pub fn commented_out<B: Backend>(x: Tensor<B, 2>) -> Tensor<B, 2> {
    //let t = std::time::Instant::now();
    let y = x.clone().matmul(x);
    //eprintln!("step: {:?}", t.elapsed());
    y
}
