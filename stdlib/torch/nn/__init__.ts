# torch.nn: Module and its protocol (parameters, buffers, submodules,
# state_dict order), the containers, and the layers.
#
# Layers are written the way PyTorch defines them: __init__ creates the
# parameters with their default initialization (nn.init, on the compiler's
# seeded random stream) and forward() calls torch.nn.functional.
import math
import _native
import torch
import torch.nn.functional as F
import torch.nn.init as init


class Parameter:
    """nn.Parameter(t): t marked as a parameter of the module that holds it."""

    def __new__(cls, data=None, requires_grad=True):
        return _native.parameter(data, requires_grad)


_native.register("Parameter", Parameter)


class Module:
    def __init__(self, *args, **kwargs):
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_non_persistent_buffers", [])
        object.__setattr__(self, "_modules", {})

    def __setattr__(self, name, value):
        # torch/nn/modules/module.py's rule: the last assignment wins, in
        # whichever of _parameters, _modules, _buffers and the instance's
        # own attributes it lands; a name already registered keeps its place
        params, buffers, modules = _native.module_dicts(self)
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            _remove_from(self, name, buffers, modules)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            if modules is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            _remove_from(self, name, params, buffers)
            modules[name] = value
        elif modules is not None and name in modules:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as child module '{name}' "
                                "(torch.nn.Module or None expected)")
            modules[name] = value
        elif buffers is not None and name in buffers:
            if value is not None and not torch.is_tensor(value):
                raise TypeError(f"cannot assign '{_typename(value)}' as buffer '{name}' "
                                "(torch.Tensor or None expected)")
            buffers[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        # reached only when the ordinary lookup (instance attributes, then
        # the class) finds nothing, as in Python
        params, buffers, modules = _native.module_dicts(self)
        if params is not None and name in params:
            return params[name]
        if buffers is not None and name in buffers:
            return buffers[name]
        if modules is not None and name in modules:
            return modules[name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        params, buffers, modules = _native.module_dicts(self)
        if params is not None and name in params:
            del params[name]
        elif buffers is not None and name in buffers:
            del buffers[name]
            np = _native.instance_attr(self, "_non_persistent_buffers")
            if name in np:
                np.remove(name)
        elif modules is not None and name in modules:
            del modules[name]
        else:
            object.__delattr__(self, name)

    def __call__(self, *args, **kwargs):
        return _native.call_module(self, args, kwargs)

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f"Module [{type(self).__name__}] is missing the required \"forward\" function")

    # ---- registration ----
    def register_buffer(self, name, tensor, persistent=True):
        buffers = _native.instance_attr(self, "_buffers")
        if buffers is None:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        _check_new_name(self, name, buffers, "buffer")
        if tensor is not None and not torch.is_tensor(tensor):
            raise TypeError(f"cannot assign '{_typename(tensor)}' object to buffer '{name}' "
                            "(torch Tensor or None required)")
        buffers[name] = tensor
        np = _native.instance_attr(self, "_non_persistent_buffers")
        if not persistent:
            if name not in np:
                np.append(name)
        elif name in np:
            np.remove(name)

    def register_parameter(self, name, param):
        params = _native.instance_attr(self, "_parameters")
        if params is None:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        _check_new_name(self, name, params, "parameter")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{_typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        params[name] = param

    def add_module(self, name, module):
        if module is not None and not isinstance(module, Module):
            raise TypeError(f"{_typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {_typename(name)}")
        modules = _native.instance_attr(self, "_modules")
        if hasattr(self, name) and name not in modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f"module name can't contain \".\", got: {name}")
        if name == "":
            raise KeyError("module name can't be empty string \"\"")
        modules[name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    def get_submodule(self, target):
        mod = self
        if target == "":
            return mod
        for item in target.split("."):
            mod = getattr(mod, item)
        return mod

    # ---- traversal (state_dict order: parameters, buffers, children) ----
    def named_children(self):
        return [(k, m) for k, m in self._modules.items() if m is not None]

    def children(self):
        return [m for _, m in self.named_children()]

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        out = [(prefix, self)]
        for name, m in self.named_children():
            sub = prefix + ("." if prefix else "") + name
            out.extend(m.named_modules(None, sub, remove_duplicate))
        if remove_duplicate:
            seen = []
            unique = []
            for name, m in out:
                if m not in seen:
                    seen.append(m)
                    unique.append((name, m))
            return unique
        return out

    def modules(self):
        return [m for _, m in self.named_modules()]

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        out = []
        for name, m in (self.named_modules(prefix=prefix) if recurse else [(prefix, self)]):
            for k, p in m._parameters.items():
                if p is not None:
                    out.append((name + ("." if name else "") + k, p))
        return out

    def parameters(self, recurse=True):
        return [p for _, p in self.named_parameters(recurse=recurse)]

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        out = []
        for name, m in (self.named_modules(prefix=prefix) if recurse else [(prefix, self)]):
            for k, b in m._buffers.items():
                if b is not None:
                    out.append((name + ("." if name else "") + k, b))
        return out

    def buffers(self, recurse=True):
        return [b for _, b in self.named_buffers(recurse=recurse)]

    # ---- modes and no-ops of an exported graph ----
    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for m in self.children():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def apply(self, fn):
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    def requires_grad_(self, requires_grad=True):
        return self

    def zero_grad(self, set_to_none=True):
        return None

    def to(self, *args, **kwargs):
        return self

    def cpu(self):
        return self

    def cuda(self, device=None):
        return self

    def extra_repr(self):
        return ""

    def _get_name(self):
        return type(self).__name__


def _remove_from(module, name, d1, d2):
    """Drops NAME from the module's own attributes and from the two
    registries D1 and D2 (and the non-persistent buffer names), before it is
    registered in the third."""
    _native.drop_instance_attr(module, name)
    for d in (d1, d2):
        if d is not None and name in d:
            del d[name]
    np = _native.instance_attr(module, "_non_persistent_buffers")
    if np is not None and name in np:
        np.remove(name)


def _check_new_name(module, name, registry, what):
    if not isinstance(name, str):
        raise TypeError(f"{what} name should be a string. Got {_typename(name)}")
    if "." in name:
        raise KeyError(f"{what} name can't contain \".\"")
    if name == "":
        raise KeyError(f"{what} name can't be empty string \"\"")
    if hasattr(module, name) and name not in registry:
        raise KeyError(f"attribute '{name}' already exists")


def _typename(value):
    """torch.typename: the tensor type for tensors, else the class's name
    (qualified by its module when that is not builtins)."""
    if torch.is_tensor(value):
        return value.type()
    cls = type(value)
    mod = getattr(cls, "__module__", None)
    if mod is not None and mod != "builtins" and not isinstance(value, type):
        return mod + "." + cls.__qualname__
    return cls.__qualname__


_native.register("Module", Module)


# ---- containers --------------------------------------------------------------

class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], dict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return list(self._modules.values())

    def __getitem__(self, idx):
        mods = list(self._modules.items())
        if isinstance(idx, slice):
            out = Sequential()
            for k, m in mods[idx]:
                out.add_module(k, m)
            return out
        return mods[idx][1]

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return list(self._modules.values())

    def __getitem__(self, idx):
        mods = list(self._modules.values())
        if isinstance(idx, slice):
            return ModuleList(mods[idx])
        return mods[idx]

    def __setitem__(self, idx, module):
        keys = list(self._modules.keys())
        self._modules[keys[idx]] = module

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules):
        for m in modules:
            self.append(m)
        return self

    def insert(self, index, module):
        mods = list(self._modules.values())
        mods.insert(index, module)
        self._modules.clear()
        for i, m in enumerate(mods):
            self._modules[str(i)] = m


class ModuleDict(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return list(self._modules.keys())

    def __contains__(self, key):
        return key in self._modules

    def keys(self):
        return self._modules.keys()

    def values(self):
        return self._modules.values()

    def items(self):
        return self._modules.items()

    def update(self, modules):
        items = modules.items() if isinstance(modules, dict) else modules
        for k, m in items:
            self.add_module(k, m)


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):
        return input


# ---- layers -------------------------------------------------------------------

class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty((out_features, in_features), dtype=dtype))
        if bias:
            self.bias = Parameter(torch.empty(out_features, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        # PyTorch's default: Kaiming-uniform weights with a = sqrt(5), and
        # biases uniform in +-1/sqrt(fan_in)
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)


# ---- the other layers, one file per family ----------------------------------------

from torch.nn._activation import *
from torch.nn._layers import *
from torch.nn._conv_layers import *
from torch.nn._rnn import *
