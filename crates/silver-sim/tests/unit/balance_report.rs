use silver_sim::testing::num;

#[test]
fn csv_numbers_are_never_negative_zero() {
    assert_eq!(num(-0.0), "0.0000");
    assert_eq!(num(-0.00001), "0.0000");
    assert_eq!(num(1.23456), "1.2346");
}
