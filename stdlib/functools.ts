# functools: partial and reduce.


class partial:
    def __init__(self, func, *args, **keywords):
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        merged = dict(self.keywords)
        merged.update(keywords)
        return self.func(*self.args, *args, **merged)


def reduce(function, iterable, *initial):
    items = list(iterable)
    if len(initial) > 0:
        acc = initial[0]
    else:
        acc = items[0]
        items = items[1:]
    for x in items:
        acc = function(acc, x)
    return acc


def wraps(wrapped, *args, **kwargs):
    return lambda f: f
