"""The reference for `tsc2onnx --emit ast`: CPython's own parser.

Prints the AST that Python's `ast` module builds for each FILE in the format
of tsc2onnx's AST dump (parser/ast_dump.c), so the two can be compared line
by line (tests/parse-packages.sh):

    Kind scalar=value... @L:C-L:C
      field: <child>
      listfield:
        <items>

Positions are converted from CPython's UTF-8 byte columns to character
columns.  Nodes that carry no position in CPython (Module, arguments,
comprehension, withitem) print `@-`; the comparison ignores the position
of those lines.

    python3 tests/pyast.py OUTDIR FILE...   writes OUTDIR/<n>.ast per FILE
                                            (n = index in the argument list)
"""
import ast
import io
import os
import sys
import tokenize

# Python's operator classes, as tsc2onnx prints them.
OPS = {
    "Add": "+", "Sub": "-", "Mult": "*", "MatMult": "@", "Div": "/", "Mod": "%",
    "Pow": "**", "LShift": "<<", "RShift": ">>", "BitOr": "|", "BitXor": "^",
    "BitAnd": "&", "FloorDiv": "//", "Invert": "~", "Not": "not", "UAdd": "+",
    "USub": "-", "And": "and", "Or": "or", "Eq": "==", "NotEq": "!=", "Lt": "<",
    "LtE": "<=", "Gt": ">", "GtE": ">=", "Is": "is", "IsNot": "is not", "In": "in",
    "NotIn": "not in",
}

# Scalar fields printed on the node's line, in field order, per kind.
IDENT_FIELDS = {"name", "id", "attr", "arg", "asname", "module"}


class Dumper:
    def __init__(self, source, out):
        self.lines = source.split("\n")
        self.out = out

    def col(self, line, byte_col):
        """CPython's byte offset within LINE -> 1-based character column."""
        if line - 1 >= len(self.lines):
            return byte_col + 1
        text = self.lines[line - 1].encode("utf-8")
        return len(text[:byte_col].decode("utf-8", errors="replace")) + 1

    def span(self, node):
        if not hasattr(node, "lineno") or isinstance(node, ast.arguments):
            return " @-"
        l1, l2 = node.lineno, node.end_lineno
        return " @%d:%d-%d:%d" % (l1, self.col(l1, node.col_offset),
                                  l2, self.col(l2, node.end_col_offset))

    def scalars(self, node, kind):
        parts = []
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.AST) and type(value).__name__ in OPS:
                parts.append("op=" + OPS[type(value).__name__])
            elif field == "ops":
                parts.append("ops=" + ",".join(OPS[type(o).__name__] for o in value))
            elif field == "names" and kind in ("Global", "Nonlocal"):
                parts.append("names=" + ",".join(value))
            elif field in IDENT_FIELDS and isinstance(value, str):
                parts.append("%s=%s" % (field, value))
            elif field == "ctx":
                if not isinstance(value, ast.Load):
                    parts.append("ctx=" + type(value).__name__)
            elif field in ("is_async", "simple") and value:
                parts.append(field + "=True")
            elif field == "level" and value:
                parts.append("level=%d" % value)
            elif field == "conversion" and value >= 0:
                parts.append("conversion=" + chr(value))
            elif field == "value" and kind == "Constant":
                parts.append(constant(value))
        if kind == "Try" and isinstance(node, ast.TryStar):
            parts.append("is_star=True")
        if kind in ("FunctionDef", "For", "With") and type(node).__name__.startswith("Async"):
            parts.append("is_async=True")
        return parts

    def node(self, node, indent, label):
        kind = type(node).__name__
        kind = {"TryStar": "Try", "AsyncFunctionDef": "FunctionDef",
                "AsyncFor": "For", "AsyncWith": "With"}.get(kind, kind)
        head = "  " * indent + (label + ": " if label else "") + kind
        parts = self.scalars(node, kind)
        if kind in ("FunctionDef", "ClassDef"):
            # tsc2onnx prints decorator_list before returns, as Python's
            # field order has it; nothing to reorder.
            pass
        self.out.write(head + "".join(" " + p for p in parts) + self.span(node) + "\n")
        for field, value in ast.iter_fields(node):
            if field == "type_comment":
                continue
            if isinstance(value, ast.AST) and type(value).__name__ not in OPS \
                    and field != "ctx":
                self.node(value, indent + 1, field)
            elif isinstance(value, list) and value and field != "ops" \
                    and not (field == "names" and kind in ("Global", "Nonlocal")):
                self.out.write("  " * (indent + 1) + field + ":\n")
                for item in value:
                    if item is None:
                        self.out.write("  " * (indent + 2) + "None\n")
                    else:
                        self.node(item, indent + 2, None)


def constant(value):
    if value is None or value is True or value is False:
        return repr(value)
    if value is Ellipsis:
        return "Ellipsis"
    if isinstance(value, int):
        return "int=%d" % value
    if isinstance(value, float):
        return "float=" + repr(value)
    if isinstance(value, complex):
        return "complex=" + repr(value)
    if isinstance(value, bytes):
        return "bytes=" + repr(value)
    return "str=" + repr(value)


def main():
    outdir = sys.argv[1]
    for i, path in enumerate(sys.argv[2:]):
        with open(path, "rb") as f:
            data = f.read()
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        source = data.decode(encoding)
        tree = ast.parse(data, path)
        with open(os.path.join(outdir, "%d.ast" % i), "w", encoding="utf-8") as out:
            Dumper(source, out).node(tree, 0, None)


if __name__ == "__main__":
    main()
