use own_library_path::backend::{Cpu, FlexDevice};

/// The package's own library named by its crate name (reading 44, burn-jev's bins): its
/// re-exported `FlexDevice` is burn's and its `Cpu` alias the project's.
fn main() {
    println!("{}", own_library_path::run::<Cpu>(FlexDevice));
    println!("{}", own_library_path::run::<own_library_path::backend::Cpu>(own_library_path::backend::FlexDevice));
}
