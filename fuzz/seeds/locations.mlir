#loc1 = loc("/tmp/k.py":9:0)
#loc2 = loc("x"(#loc1))
module {
  "t.a"() : () -> () loc(#loc)
  "t.b"() : () -> () loc(fused[#loc1, "n"])
} loc(#loc)
#loc = loc(unknown)
