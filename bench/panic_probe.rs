use burn::prelude::*;
use std::panic;

#[derive(Config, Debug)]
pub struct NetConfig {
    pub d_model: usize,
    #[config(default = 0.1)]
    pub dropout: f64,
}

#[derive(Module, Debug)]
pub struct Small {
    fc: burn::nn::Linear,
}

#[derive(Module, Debug)]
pub struct Bigger {
    fc: burn::nn::Linear,
    head: burn::nn::Linear,
}

fn run(name: &str, f: impl FnOnce() + panic::UnwindSafe) {
    println!("=== {name}");
    if let Err(e) = panic::catch_unwind(f) {
        let msg = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
        println!("panic payload: {msg}");
    }
}

fn main() {
    let device = Device::flex().autodiff();
    run("tape-consumed", || {
        let x = Tensor::<1>::ones([3], &device).require_grad();
        let loss = (x.clone() * x).sum();
        let _a = loss.backward();
        let _b = loss.backward();
    });
    run("grad-none", || {
        let x = Tensor::<1>::ones([3], &device);
        let grads = (x.clone() * 2.0).sum().backward();
        let _g = x.grad(&grads).unwrap();
    });
    run("shape-in-burn-tensor", || {
        let a = Tensor::<2>::ones([2, 3], &device);
        let b = Tensor::<2>::ones([4, 5], &device);
        let _c = a + b;
    });
    run("missing-field", || {
        std::fs::write("/tmp/panicprobe/old-config.json", "{\"d_model\": 8}").unwrap();
        let r = NetConfig::load("/tmp/panicprobe/old-config.json");
        println!("error: {}", r.err().map(|e| e.to_string()).unwrap_or_default());
    });
    run("missing-tensors", || {
        let small = Small { fc: burn::nn::LinearConfig::new(2, 2).init(&device) };
        small.save_file("/tmp/panicprobe/small").unwrap();
        let big = Bigger { fc: burn::nn::LinearConfig::new(2, 2).init(&device), head: burn::nn::LinearConfig::new(2, 2).init(&device) };
        let r = big.try_load_file("/tmp/panicprobe/small");
        println!("error: {}", r.err().map(|e| e.to_string()).unwrap_or_default());
    });
    run("shape-mismatch", || {
        let small = Small { fc: burn::nn::LinearConfig::new(3, 4).init(&device) };
        small.save_file("/tmp/panicprobe/s34").unwrap();
        let other = Small { fc: burn::nn::LinearConfig::new(4, 3).init(&device) };
        let r = other.try_load_file("/tmp/panicprobe/s34");
        println!("error: {}", r.err().map(|e| e.to_string()).unwrap_or_default());
    });
}
