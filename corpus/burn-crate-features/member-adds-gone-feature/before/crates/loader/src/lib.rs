/// The store's file name (the store itself is not used: the case is about the manifest).
pub fn weights_file(name: &str) -> String {
    format!("{name}.bpk")
}
