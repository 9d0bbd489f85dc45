#!/usr/bin/env python3
"""Per failing test of a jest log: its name and the first lines of what differed (for grouping by cause)."""
import re, sys
log = open(sys.argv[1], errors='replace').read()
log = re.sub(r'\x1b\[[0-9;]*m', '', log)
blocks = re.split(r'\n  ● ', log)[1:]
for b in blocks:
    lines = b.split('\n')
    name = lines[0].strip()
    if name.startswith('Console') : continue
    keep = []
    for l in lines[1:]:
        t = l.strip()
        if re.match(r'^[+-]\s', t) and not t.startswith(('- Snapshot', '+ Received', '- Expected')) or t.startswith(('Expected', 'Received', 'Error', 'TypeError', 'thrown')):
            keep.append(t[:150])
        if len(keep) >= int(sys.argv[2] if len(sys.argv) > 2 else 8): break
    print('### ' + name)
    for k in keep: print('    ' + k)
