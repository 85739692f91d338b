"""The lit test format of the pyasc-compat suite (lit.cfg.py). It lives in
a module of its own so that lit can pickle it for its worker processes."""
import os

import lit.formats
import lit.Test

import pyasc_compat


class PyascCompatTest(lit.formats.ShTest):
    """One test per file listed in expectations.txt, read from pyasc_dir."""

    def __init__(self, pyasc_dir, substitutions):
        super().__init__(execute_external=False,
                         extra_substitutions=substitutions)
        self.pyasc_dir = pyasc_dir

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig,
                            localConfig):
        if path_in_suite:  # everything is listed from the suite root
            return
        try:
            files = pyasc_compat.load()
        except pyasc_compat.ExpectationError as err:
            litConfig.error(str(err))
            return
        for rel in files:
            yield lit.Test.Test(testSuite, tuple(rel.split("/")), localConfig)

    def execute(self, test, litConfig):
        rel = "/".join(test.path_in_suite)
        src = os.path.join(self.pyasc_dir, "test", rel)
        if not os.path.isfile(src):
            return lit.Test.Result(
                lit.Test.UNRESOLVED,
                "%s not found: CASC_PYASC_DIR must name a pyasc checkout" % src)
        try:
            data = pyasc_compat.patched_file(self.pyasc_dir, rel)
        except (pyasc_compat.ExpectationError, OSError) as err:
            return lit.Test.Result(lit.Test.UNRESOLVED, str(err))
        patched = test.getExecPath()
        os.makedirs(os.path.dirname(patched), exist_ok=True)
        with open(patched, "wb") as f:
            f.write(data)
        # The RUN lines, %s and the CHECK lines come from the copy. (The
        # override is removed again: lit sends the test back to its parent
        # process, and a lambda does not pickle.)
        test.getSourcePath = lambda: patched
        try:
            return super().execute(test, litConfig)
        finally:
            del test.getSourcePath
