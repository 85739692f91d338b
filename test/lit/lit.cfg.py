# lit configuration for casc's FileCheck tests.
import os
import lit.formats

config.name = "casc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".c", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.casc_obj_root, "test", "lit")

# Tools: casc from the build, FileCheck / not / count from LLVM 19.
config.environment["PATH"] = os.pathsep.join(
    [config.casc_tools_dir, config.casc_obj_root + "/examples",
     config.llvm_tools_dir, config.environment.get("PATH", "")])
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.substitutions.append(("%casc_src", config.casc_src_root))
config.substitutions.append(("%examples", config.casc_obj_root + "/examples"))
