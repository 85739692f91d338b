#!/usr/bin/env python3
"""Which of pyasc's public kernel APIs casc's C front end (and its Python
package) offers, by asc.h's naming rule.

The list of APIs is read from a pyasc checkout with `ast` (nothing of it is
imported or copied): the names exported by asc.language.basic / adv / fwk
and core's callable classes, and the public methods of every class those
modules define. Each maps to a C name by the rule at the top of
include/casc/asc.h:
    asc.f(...)            -> asc_f          (asc.adv.f -> asc_adv_f)
    asc.Class(...)        -> asc_class      (constructor, lowercased)
    Class.method(...)     -> asc_class_method
A name counts as offered when a header under include/casc declares it as a
function or macro (`asc_x(` or `asc_x_at(`). The Python package counts
when casc.asc (python/casc/asc) defines the same public name.

usage: api-coverage.py PYASC_SRC [--missing] [--min-c N]
Exit 1 when --min-c is given and fewer C names are offered (a floor a test
can hold so coverage does not shrink)."""
import ast
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Names pyasc exports that are not kernel-author calls: dtypes, enum
# classes, constants and Python helpers with no Ascend C counterpart.
NOT_CALLS = re.compile(r'^(?:[A-Z0-9_]+|[a-z]+\d*_?|ConstExpr|DataType|number|'
                       r'inline|property|array|GlobalAddress|pad_t)$')


# Methods of pyasc's Python plumbing (IR conversion), not Ascend C calls.
PLUMBING = {'from_ir', 'to_ir', 'get_ir_type'}
# pyasc's language layer, which C spells with its own constructs: Python
# ranges are ASC_FOR, ConstExpr is a plain C value, DataType is asc_dtype,
# a GlobalAddress is a kernel argument (asc_gm_addr_add for `+`).
LANGUAGE = {'ConstExpr', 'DataType', 'GlobalAddress', 'range', 'static_range'}


def exported(init):
    tree = ast.parse(init.read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == '__all__'
                for t in node.targets):
            return [e.value for e in node.value.elts]
    return []


def classes(pkg):
    """class name -> public method names, over every module of pkg."""
    out = {}
    for f in sorted(pkg.rglob('*.py')):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ClassDef):
                meths = out.setdefault(node.name, set())
                for b in node.body:
                    if isinstance(b, ast.FunctionDef) and \
                            not b.name.startswith('_') and \
                            b.name not in PLUMBING:
                        meths.add(b.name)
    return out


def enum_like(pkg, name):
    for f in pkg.rglob('*.py'):
        src = f.read_text()
        m = re.search(r'^class %s\((\w+)' % re.escape(name), src, re.M)
        if m and m.group(1) in ('IntEnum', 'Enum', 'IntFlag'):
            return True
    return False


def api_names(pyasc):
    lang = pyasc / 'python' / 'asc' / 'language'
    cls = {}
    for sub in ('basic', 'adv', 'core', 'fwk'):
        cls.update(classes(lang / sub))
    names = []
    for sub in ('basic', 'adv', 'fwk', 'core'):
        prefix = 'adv_' if sub == 'adv' else ''
        for n in exported(lang / sub / '__init__.py'):
            if n in LANGUAGE:
                continue
            if n in cls:
                if enum_like(lang, n):
                    continue
                lower = n.lower()
                names.append(('asc.%s%s' % ('adv.' if prefix else '', n),
                              'asc_' + lower))
                for m in sorted(cls[n]):
                    names.append(('%s.%s' % (n, m),
                                  'asc_%s_%s' % (lower, m)))
            elif sub != 'core' and not NOT_CALLS.match(n) or \
                    (sub != 'core' and re.match(r'^[a-z][a-z0-9_]*_[a-z0-9_]+$', n)):
                names.append(('asc.%s%s' % ('adv.' if prefix else '', n),
                              'asc_%s%s' % (prefix, n)))
    seen, uniq = set(), []
    for k, c in names:
        if k not in seen:
            seen.add(k)
            uniq.append((k, c))
    return uniq


def c_declared():
    text = ''.join(p.read_text() for p in (ROOT / 'include' / 'casc').glob('*.h'))
    return set(re.findall(r'\b(asc_[a-z0-9_]+?)(?:_at)?\s*\(', text)) | \
        set(re.findall(r'#define\s+(asc_[a-z0-9_]+)', text))


def py_declared():
    out = set()
    for f in (ROOT / 'python' / 'casc' / 'asc').rglob('*.py'):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                out.add(node.name)
            elif isinstance(node, ast.Assign):
                for t in node.targets:
                    if isinstance(t, ast.Name):
                        out.add(t.id)
    return out


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    pyasc = pathlib.Path(argv[1])
    if not (pyasc / 'python' / 'asc' / 'language').is_dir():
        print('api-coverage: %s is not a pyasc checkout' % pyasc,
              file=sys.stderr)
        return 2
    names = api_names(pyasc)
    cdecl, pydecl = c_declared(), py_declared()
    # C needs a result type statically: t.get_value is get_value_int/_float.
    missing_c = [(k, c) for k, c in names
                 if c not in cdecl and c + '_int' not in cdecl]
    missing_py = [k for k, _ in names if k.split('.')[-1] not in pydecl]
    print('pyasc kernel APIs: %d; casc C front end: %d; casc Python: %d'
          % (len(names), len(names) - len(missing_c),
             len(names) - len(missing_py)))
    if '--missing' in argv:
        for k, c in missing_c:
            print('  no C API: %-50s (%s)' % (k, c))
    if '--min-c' in argv:
        floor = int(argv[argv.index('--min-c') + 1])
        if len(names) - len(missing_c) < floor:
            print('api-coverage: C coverage fell below %d' % floor,
                  file=sys.stderr)
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
