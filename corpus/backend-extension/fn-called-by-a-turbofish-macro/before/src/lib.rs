use burn::backend::Flex;

/// Runs a job on the CPU backend: the expansion names the backend for whatever fn it is given.
macro_rules! on_cpu {
    ($job:path) => {
        $job::<Flex>(&Default::default())
    };
}

mod jobs;
mod report;

pub use report::report;
