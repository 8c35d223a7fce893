#[cfg(test)]
mod autodiff_tests;
#[cfg(test)]
mod plain_tests;
