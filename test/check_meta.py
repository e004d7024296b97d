#!/usr/bin/env python3
"""test/check_meta.py — META.json (PGXN's distribution metadata) is well
formed and in step with gpuscan.control: the keys PGXN requires, the
version (the control file's default_version as semantic version, e.g. 1.1
-> 1.1.0) for the distribution and the extension, the files it names, and
the prerequisite PostgreSQL 15.  Ends with "N passed, N failed"."""

import json
import os
import re
import sys

from tally import Tally

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T = Tally()
check = T.check


def control_version():
    """default_version of gpuscan.control, as PGXN's semantic version."""
    text = open(os.path.join(TOP, "gpuscan.control")).read()
    m = re.search(r"^default_version\s*=\s*'([^']+)'", text, re.M)
    v = m.group(1) if m else ""
    return v + ".0" * (2 - v.count(".")), v


def main():
    """Run the checks."""
    try:
        meta = json.load(open(os.path.join(TOP, "META.json")))
    except (OSError, ValueError) as e:
        check(False, "META.json parses: %s" % e)
        meta = {}
    want, raw = control_version()
    for key in ("name", "abstract", "version", "maintainer", "license",
                "provides", "meta-spec"):
        check(key in meta, "META.json has %r" % key)
    check("prereqs" in meta and "resources" in meta, "META.json has 'prereqs' and 'resources'")
    check(meta.get("name") == "gpuscan", "name is gpuscan")
    check(re.fullmatch(r"\d+\.\d+\.\d+", meta.get("version", "")) is not None,
          "version %r is a semantic version" % meta.get("version"))
    check(meta.get("version") == want,
          "version %r matches gpuscan.control's default_version %r" % (meta.get("version"), raw))
    ext = meta.get("provides", {}).get("gpuscan", {})
    check(ext.get("version") == want, "provides.gpuscan.version %r is %r" % (ext.get("version"), want))
    for key in ("file", "docfile"):
        check(key in ext and os.path.isfile(os.path.join(TOP, ext[key])),
              "provides.gpuscan.%s names a file of the distribution" % key)
    pg = meta.get("prereqs", {}).get("runtime", {}).get("requires", {}).get("PostgreSQL")
    check(pg == "15.0.0", "requires PostgreSQL 15.0.0 or newer (%r)" % pg)
    check(meta.get("meta-spec", {}).get("version") == "1.0.0", "meta-spec 1.0.0")
    check(meta.get("license") in ("postgresql", "mit", "bsd", "apache_2_0", "gpl_3", "restricted",
                                  "unrestricted", "open_source"), "a license PGXN knows")
    return T.summary()


if __name__ == "__main__":
    sys.exit(main())
