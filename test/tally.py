"""test/tally.py -- the pass/fail tally of every Python test (hostile.py,
cancel.py, leaks.py, check_meta.py, gpu/service.py).

Each check is counted; check() prints "ok   what" or "FAIL what", ok() counts
a pass silently (for tests of thousands of cases), fail() prints its line
(at most max_fail_lines of them, when given; every failure is counted), and
summary() prints the last line, "N passed, N failed", that make test and the
GPU runner add up (scripts/common.sh add_counts).  Standard library only.
"""
import re


class Tally:
    """Counts checks and prints them; ends with 'N passed, N failed'."""

    def __init__(self, max_fail_lines=None):
        self.passed = 0
        self.failed = 0
        self.max_fail_lines = max_fail_lines
        self.shown = 0

    def ok(self):
        """Count a passed check without a line."""
        self.passed += 1

    def fail(self, what):
        """Count a failed check and print its line (on one line)."""
        self.failed += 1
        if self.max_fail_lines is not None and self.shown >= self.max_fail_lines:
            return
        print("FAIL " + re.sub(r"\s*\n\s*", " ", what), flush=True)
        self.shown += 1
        if self.shown == self.max_fail_lines:
            print("(further failure lines not shown; they are counted)", flush=True)

    def check(self, ok, what):
        """Count one check and print it; returns ok."""
        if ok:
            self.passed += 1
            print("ok   " + what, flush=True)
        else:
            self.fail(what)
        return ok

    def summary(self):
        """Print the last line; returns the exit status (1 on any failure)."""
        print("%d passed, %d failed" % (self.passed, self.failed), flush=True)
        return 1 if self.failed else 0
