# os.path: POSIX path names as strings (posixpath's rules).

sep = "/"


def _last(s, ch):
    """The index of the last CH in S, -1 when there is none."""
    i = len(s) - 1
    while i >= 0 and s[i] != ch:
        i -= 1
    return i


def isabs(s):
    return s.startswith("/")


def join(a, *p):
    path = a
    for b in p:
        if b.startswith("/"):
            path = b
        elif not path or path.endswith("/"):
            path = path + b
        else:
            path = path + "/" + b
    return path


def split(p):
    i = _last(p, "/") + 1
    head, tail = p[:i], p[i:]
    if head and head != "/" * len(head):
        head = head.rstrip("/")
    return head, tail


def dirname(p):
    return split(p)[0]


def basename(p):
    return p[_last(p, "/") + 1:]


def splitext(p):
    dot = _last(p, ".")
    slash = _last(p, "/")
    if dot > slash:
        start = slash + 1
        while start < dot and p[start] == ".":
            start += 1
        if start < dot:
            return p[:dot], p[dot:]
    return p, ""


def normpath(path):
    if path == "":
        return "."
    initial = 1 if path.startswith("/") else 0
    if initial and path.startswith("//") and not path.startswith("///"):
        initial = 2
    comps = path.split("/")
    new = []
    for comp in comps:
        if comp == "" or comp == ".":
            continue
        if comp != ".." or (not initial and not new) or (new and new[-1] == ".."):
            new.append(comp)
        elif new:
            new.pop()
    path = "/".join(new)
    if initial:
        path = "/" * initial + path
    return path or "."
