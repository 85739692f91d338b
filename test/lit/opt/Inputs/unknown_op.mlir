// Not a test: an input with an error, used by other tests.
"test.ok"() : () -> ()
foo.bar
