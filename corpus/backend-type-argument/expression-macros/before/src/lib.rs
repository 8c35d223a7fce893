use burn::prelude::*;

// A project macro whose arms take expressions: its calls are read like `assert_eq!`.
macro_rules! pair {
    ($a:expr, $b:expr) => {
        ($a, $b)
    };
}

// A project macro whose arms take types.
macro_rules! sizes {
    ($($t:ty),* $(,)?) => {
        [$(core::mem::size_of::<$t>()),*]
    };
}

pub fn check<B: Backend>(device: &B::Device) -> usize {
    let t = Tensor::<B, 2>::zeros([2, 2], device);
    assert_eq!(t.dims(), Tensor::<B, 2>::ones([2, 2], device).dims());
    let v = vec![Tensor::<B, 1>::zeros([3], device); 2];
    println!("{} {}", v.len(), Tensor::<B, 1>::ones([1], device));
    let (_a, n) = pair!(Tensor::<B, 1>::zeros([3], device), 1);
    assert!(matches!(Tensor::<B, 1>::zeros([3], device).dims(), [3]));
    let s = sizes!(Tensor<B, 2>, Tensor<B, 1>);
    n + s.len()
}
