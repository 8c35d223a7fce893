pub mod layer;

#[cfg(test)]
mod tests {
    // the backend of this crate's tests (the Cpu backend: an LLVM download at build time)
}
