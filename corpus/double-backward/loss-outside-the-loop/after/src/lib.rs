use burn::prelude::*;

/// The loss is computed once; each iteration calls `backward` on its consumed tape (the finding).
pub fn twice(w: Tensor<1>) {
    let loss = (w.clone() * w.clone()).sum();
    for _ in 0..2 {
        let _grads = loss.backward();
    }
}

/// Near miss: recomputed in the loop.
pub fn recomputed(w: Tensor<1>) {
    for _ in 0..2 {
        let loss = (w.clone() * w.clone()).sum();
        let _grads = loss.backward();
    }
}
