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

pub fn check(device: &Device) -> usize {
    let t = Tensor::<2>::zeros([2, 2], device);
    assert_eq!(t.dims(), Tensor::<2>::ones([2, 2], device).dims());
    let v = vec![Tensor::<1>::zeros([3], device); 2];
    println!("{} {}", v.len(), Tensor::<1>::ones([1], device));
    let (_a, n) = pair!(Tensor::<1>::zeros([3], device), 1);
    assert!(matches!(Tensor::<1>::zeros([3], device).dims(), [3]));
    let s = sizes!(Tensor<2>, Tensor<1>);
    n + s.len()
}
