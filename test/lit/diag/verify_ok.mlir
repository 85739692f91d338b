// Every annotation form the matcher understands, each satisfied: the run
// must succeed (exit 0) and print nothing on stderr.
// RUN: casc opt -split-input-file -verify-diagnostics %s -o %t 2> %t.err
// RUN: count 0 < %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t

// Same line.
"test.ok"() : () -> ()
foo.bar // expected-error {{custom op 'foo.bar' is unknown}}

// -----

// -re: {{...}} pieces are regular expressions, the rest is literal.
// expected-error-re@below {{custom op '{{[a-z]+}}.bar' {{(is|was)}} unknown}}
foo.bar

// -----

foo.baz
// expected-error@above {{'foo.baz'}}

// -----

// expected-error@+2 {{foo.qux}}

foo.qux

// -----

foo.quux

// expected-error@-2 {{foo.quux}}

// -----

// A chunk without annotations and without diagnostics is printed.
"test.printed"() : () -> ()

// OUT: "test.printed"() : () -> ()
