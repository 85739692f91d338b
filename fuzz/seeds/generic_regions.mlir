%0:2 = "x.pair"() {flag, n = 3 : i64, s = "str\0A", f = 1.5 : f32} : () -> (i32, f16)
"x.region"(%0#0) ({
^bb0(%a: i32 loc("a.py":1:2)):
  "x.use"(%a, %0#1) <{p = [1, 2]}> : (i32, f16) -> ()
}, {
}) : (i32) -> () loc(callsite("f"("k.py":3:4) at "k.py":9:1))
