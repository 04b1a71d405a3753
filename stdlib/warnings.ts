# warnings: compile-time warnings from model code are not shown.


def warn(message, category=None, stacklevel=1, source=None):
    return None


def filterwarnings(*args, **kwargs):
    return None


def simplefilter(*args, **kwargs):
    return None
