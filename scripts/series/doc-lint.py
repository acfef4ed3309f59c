#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# doc-lint.py FILE.rst...: render reStructuredText with Debian's docutils
# and fail on any warning. Sphinx's kernel-doc directive is accepted and
# left to scripts/kernel-doc, which check.sh runs on the same sources.

import sys

from docutils.core import publish_doctree
from docutils.parsers.rst import Directive, directives


class KernelDoc(Directive):
    required_arguments = 1
    optional_arguments = 0
    has_content = False
    option_spec = {}

    def run(self):
        return []


directives.register_directive('kernel-doc', KernelDoc)

failed = False
for path in sys.argv[1:]:
    with open(path, encoding='utf-8') as f:
        text = f.read()
    errors = []
    doctree = publish_doctree(text, source_path=path,
                              settings_overrides={'report_level': 5,
                                                  'halt_level': 5})
    for msg in doctree.traverse(lambda n: n.tagname == 'system_message'):
        if msg['level'] >= 2:
            errors.append(f"{path}:{msg.get('line', '?')}: {msg.astext()}")
    for e in errors:
        print(e)
    failed |= bool(errors)
    if not errors:
        print(f"   {path}: renders without warnings")
sys.exit(1 if failed else 0)
