/// Runs a job on the CPU backend: the expansion names the backend for whatever fn it is given.
macro_rules! on_cpu {
    ($job:ident) => {
        $job::<burn::backend::Flex>(&Default::default())
    };
}

mod jobs;
mod report;

pub use report::report;
