//! The card's metrics from its arms' [`super::DesignRow`]s: each metric's definition, unit and
//! value with its 95% interval over blocks, and in a sweep the paired difference from the
//! base set.
