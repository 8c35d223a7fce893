/// Looks a saved model up in a bundle by the name 0.21's recorder gave the file.
pub fn bundled_name(name: &str) -> String {
    format!("{name}_model.mpk")
}
