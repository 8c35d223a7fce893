use burn::data::dataset::SqliteDataset;

/// Rows of the `train` split of a local database.
pub fn rows(db: &str) -> Option<SqliteDataset<String>> {
    SqliteDataset::from_db_file(db, "train").ok()
}
