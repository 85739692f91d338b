"""Not a test by itself (list-passes.test runs it): for every pass that
`casc opt -list-passes` lists, a made-up option is a command-line error
(exit 2, "PASS: unknown option") both as -PASS=OPT and as PASS{OPT} in
--pass-pipeline, and every option it lists is accepted."""
import re
import subprocess
import sys

casc, module = sys.argv[1], sys.argv[2]
listing = subprocess.run([casc, "opt", "-list-passes"], capture_output=True,
                         text=True, check=True).stdout
passes = {}
current = None
for line in listing.splitlines():
    m = re.match(r"  -(\S+)\s", line)
    if m:
        current = m.group(1)
        passes[current] = []
        continue
    m = re.match(r"      =(\S+)\s", line)
    if m and current:
        passes[current].append(m.group(1))
if len(passes) < 10:
    sys.exit(f"only {len(passes)} passes listed:\n{listing}")

def run(*args):
    return subprocess.run([casc, "opt", *args, module], capture_output=True,
                          text=True)

bad = []
for flag, options in passes.items():
    for form in (f"-{flag}=no-such-option",
                 f"--pass-pipeline=builtin.module({flag}{{no-such-option}})"):
        r = run(form)
        if r.returncode != 2 or f"{flag}: unknown option 'no-such-option'" \
                not in r.stderr:
            bad.append(f"{form}: exit {r.returncode}: {r.stderr.strip()}")
    for opt in options:
        r = run(f"-{flag}={opt}")
        if r.returncode != 0:
            bad.append(f"-{flag}={opt}: exit {r.returncode}: {r.stderr}")
if bad:
    sys.exit("\n".join(bad))
print(f"checked {len(passes)} passes")
