//! Search specs as typed (the `[search]` table of a spec file) and their resolution into a
//! [`super::SearchPlan`].
