# collections: the parts model code uses.
import _native


def OrderedDict(items=None, **kwargs):
    d = {}
    if items is not None:
        d.update(items)
    d.update(kwargs)
    return d


def namedtuple(typename, field_names, **kwargs):
    return _native.error("collections.namedtuple is not supported yet")
