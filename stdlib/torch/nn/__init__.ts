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
from collections import OrderedDict


_ABSENT = object()


class Parameter:
    """nn.Parameter(t): t marked as a parameter of the module that holds it."""

    def __new__(cls, data=None, requires_grad=True):
        return _native.parameter(data, requires_grad)


_native.register("Parameter", Parameter)


class RemovableHandle:
    """torch.utils.hooks.RemovableHandle: remove() takes the hook out of its
    module's hooks."""
    next_id = [0]

    def __init__(self, hooks_dict):
        self.hooks_dict_ref = hooks_dict
        self.id = RemovableHandle.next_id[0]
        RemovableHandle.next_id[0] += 1

    def remove(self):
        if self.id in self.hooks_dict_ref:
            del self.hooks_dict_ref[self.id]

    def __enter__(self):
        return self

    def __exit__(self, type, value, tb):
        self.remove()


class Module:
    def __init__(self, *args, **kwargs):
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_non_persistent_buffers", [])
        object.__setattr__(self, "_modules", {})
        object.__setattr__(self, "_forward_pre_hooks", OrderedDict())
        object.__setattr__(self, "_forward_hooks", OrderedDict())

    def __setattr__(self, name, value):
        # torch/nn/modules/module.py's rule: the last assignment wins, in
        # whichever of _parameters, _modules, _buffers and the instance's
        # own attributes it lands; a name already registered keeps its place.
        # The common cases (a new submodule, a plain attribute) are done
        # natively, with the same outcome as the code below.
        if _native.module_setattr(self, name, value):
            return
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
        # the class) finds nothing, as in Python; a registered name is found
        # natively, with the same outcome as the code below
        found = _native.module_member(self, name, _ABSENT)
        if found is not _ABSENT:
            return found
        params, buffers, modules = _native.module_dicts(self)
        if params is not None and name in params:
            return params[name]
        if buffers is not None and name in buffers:
            return buffers[name]
        if modules is not None and name in modules:
            return modules[name]
        if modules is not None and "parametrizations" in modules:
            # torch.nn.utils.parametrize: a parametrized tensor, computed
            # (PyTorch answers it with a property of a swapped class)
            parametrizations = modules["parametrizations"]
            if parametrizations is not None and name in parametrizations:
                return parametrizations[name]()
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'"
                             f"{_native.attr_hint(self, name)}")

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
        pre = _native.instance_attr(self, "_forward_pre_hooks")
        post = _native.instance_attr(self, "_forward_hooks")
        if not pre and not post:
            return _native.call_module(self, args, kwargs)
        # PyTorch's _call_impl: a pre-hook may replace the positional
        # arguments (a non-tuple result is one argument), a hook the output
        for hook in list(pre.values()) if pre else []:
            result = hook(self, args)
            if result is not None:
                args = result if isinstance(result, tuple) else (result,)
        out = _native.call_module(self, args, kwargs)
        for hook in list(post.values()) if post else []:
            result = hook(self, args, out)
            if result is not None:
                out = result
        return out

    def _hook_dict(self, name):
        hooks = _native.instance_attr(self, name)
        if hooks is None:
            hooks = OrderedDict()
            object.__setattr__(self, name, hooks)
        return hooks

    def register_forward_pre_hook(self, hook):
        """hook(module, args) runs before forward; what it returns (not None)
        replaces the positional arguments."""
        hooks = self._hook_dict("_forward_pre_hooks")
        handle = RemovableHandle(hooks)
        hooks[handle.id] = hook
        return handle

    def register_forward_hook(self, hook):
        """hook(module, args, output) runs after forward; what it returns
        (not None) replaces the output."""
        hooks = self._hook_dict("_forward_hooks")
        handle = RemovableHandle(hooks)
        hooks[handle.id] = hook
        return handle

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
        if target == "":
            return self
        mod = self
        for item in target.split("."):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return mod

    def get_parameter(self, target):
        module_path, param_name = _split_last(target)
        mod = self.get_submodule(module_path)
        if not hasattr(mod, param_name):
            raise AttributeError(mod._get_name() + " has no attribute `" + param_name + "`")
        param = getattr(mod, param_name)
        if not isinstance(param, Parameter):
            raise AttributeError("`" + param_name + "` is not an nn.Parameter")
        return param

    def get_buffer(self, target):
        module_path, buffer_name = _split_last(target)
        mod = self.get_submodule(module_path)
        if not hasattr(mod, buffer_name):
            raise AttributeError(mod._get_name() + " has no attribute `" + buffer_name + "`")
        buffer = getattr(mod, buffer_name)
        if buffer_name not in mod._buffers:
            raise AttributeError("`" + buffer_name + "` is not a buffer")
        return buffer

    def get_extra_state(self):
        raise RuntimeError("Reached a code path in Module.get_extra_state() that should never be called.")

    def set_extra_state(self, state):
        raise RuntimeError("Reached a code path in Module.set_extra_state() that should never be called.")

    # ---- traversal, as torch/nn/modules/module.py's generators yield it
    # (lists here): a module or tensor reached twice is listed once ----
    def _named_members(self, get_members_fn, prefix="", recurse=True, remove_duplicate=True):
        memo = _IdentitySet()
        modules = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse \
            else [(prefix, self)]
        out = []
        for module_prefix, module in modules:
            for k, v in get_members_fn(module):
                if v is None or v in memo:
                    continue
                if remove_duplicate:
                    memo.add(v)
                out.append((module_prefix + ("." if module_prefix else "") + k, v))
        return out

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        return self._named_members(lambda module: module._parameters.items(),
                                   prefix=prefix, recurse=recurse, remove_duplicate=remove_duplicate)

    def parameters(self, recurse=True):
        return [p for _, p in self.named_parameters(recurse=recurse)]

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        return self._named_members(lambda module: module._buffers.items(),
                                   prefix=prefix, recurse=recurse, remove_duplicate=remove_duplicate)

    def buffers(self, recurse=True):
        return [b for _, b in self.named_buffers(recurse=recurse)]

    def named_children(self):
        memo = _IdentitySet()
        out = []
        for name, module in self._modules.items():
            if module is not None and module not in memo:
                memo.add(module)
                out.append((name, module))
        return out

    def children(self):
        return [m for _, m in self.named_children()]

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        if memo is None:
            memo = _IdentitySet()
        out = []
        if self not in memo:
            if remove_duplicate:
                memo.add(self)
            out.append((prefix, self))
            for name, module in self._modules.items():
                if module is None:
                    continue
                submodule_prefix = prefix + ("." if prefix else "") + name
                out.extend(module.named_modules(memo, submodule_prefix, remove_duplicate))
        return out

    def modules(self):
        return [m for _, m in self.named_modules()]

    # ---- state_dict: the keys --weights loads (parameters, persistent
    # buffers, then the children, each under its path) ----
    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        np = _native.instance_attr(self, "_non_persistent_buffers")
        for name, buf in self._buffers.items():
            if buf is not None and name not in np:
                destination[prefix + name] = buf if keep_vars else buf.detach()
        if getattr(type(self), "get_extra_state", Module.get_extra_state) is not Module.get_extra_state:
            destination[prefix + "_extra_state"] = self.get_extra_state()

    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        if len(args) > 0:
            if destination is None:
                destination = args[0]
            if len(args) > 1 and prefix == "":
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
        if destination is None:
            destination = OrderedDict()
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars)
        return destination

    # ---- modes, and what has no effect on an exported graph ----
    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=False):
        # no parameter has a gradient while the model is built
        return None

    def share_memory(self):
        return self

    def to(self, *args, **kwargs):
        return self

    def cpu(self):
        return self

    def cuda(self, device=None):
        return self

    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        return ""

    def __repr__(self):
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split("\n")
        child_lines = []
        for key, module in self._modules.items():
            mod_str = _addindent(module.__repr__() if module is not None else "None", 2)
            child_lines.append("(" + key + "): " + mod_str)
        lines = extra_lines + child_lines
        main_str = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += "\n  " + "\n  ".join(lines) + "\n"
        return main_str + ")"


class _IdentitySet:
    """The memo of named_modules, named_children and _named_members: a set
    of modules or tensors, which compare by identity."""

    def __init__(self):
        self._items = {}

    def add(self, x):
        self._items[x] = None

    def __contains__(self, x):
        return x in self._items


def _split_last(target):
    """target.rpartition(".") without the separator."""
    atoms = target.split(".")
    return ".".join(atoms[:-1]), atoms[-1]


def _addindent(s_, num_spaces):
    s = s_.split("\n")
    if len(s) == 1:
        return s_
    first = s.pop(0)
    s = [(num_spaces * " ") + line for line in s]
    return first + "\n" + "\n".join(s)


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

class Container(Module):
    def __init__(self, **kwargs):
        super().__init__()
        for key, value in kwargs.items():
            self.add_module(key, value)


class Sequential(Module):
    def __init__(self, *args):
        super().__init__()
        # an OrderedDict of modules (collections.OrderedDict is a dict here)
        if len(args) == 1 and isinstance(args[0], dict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def _get_item_by_idx(self, iterator, idx):
        size = len(self)
        idx = _index(idx)
        if not -size <= idx < size:
            raise IndexError("index {} is out of range".format(idx))
        idx %= size
        return list(iterator)[idx]

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(OrderedDict(list(self._modules.items())[idx]))
        if not _native.is_static(idx):
            return list(self._modules.values())[idx]    # see _runtime_index
        return self._get_item_by_idx(self._modules.values(), idx)

    def __setitem__(self, idx, module):
        key = self._get_item_by_idx(self._modules.keys(), idx)
        return setattr(self, key, module)

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for key in list(self._modules.keys())[idx]:
                delattr(self, key)
        else:
            key = self._get_item_by_idx(self._modules.keys(), idx)
            delattr(self, key)
        # the keys are renumbered
        str_indices = [str(i) for i in range(len(self._modules))]
        self._modules = OrderedDict(list(zip(str_indices, self._modules.values())))

    def __len__(self):
        return len(self._modules)

    def __add__(self, other):
        if isinstance(other, Sequential):
            ret = Sequential()
            for layer in self:
                ret.append(layer)
            for layer in other:
                ret.append(layer)
            return ret
        raise ValueError("add operator supports only objects of Sequential class, "
                         "but {} is given.".format(str(type(other))))

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def __iadd__(self, other):
        if isinstance(other, Sequential):
            offset = len(self)
            for i, module in enumerate(other):
                self.add_module(str(i + offset), module)
            return self
        raise ValueError("add operator supports only objects of Sequential class, "
                         "but {} is given.".format(str(type(other))))

    def __mul__(self, other):
        if not isinstance(other, int):
            raise TypeError(f"unsupported operand type(s) for *: {type(self)} and {type(other)}")
        if other <= 0:
            raise ValueError(f"Non-positive multiplication factor {other} for {type(self)}")
        combined = Sequential()
        offset = 0
        for _ in range(other):
            for module in self:
                combined.add_module(str(offset), module)
                offset += 1
        return combined

    def __rmul__(self, other):
        return self.__mul__(other)

    def __imul__(self, other):
        if not isinstance(other, int):
            raise TypeError(f"unsupported operand type(s) for *: {type(self)} and {type(other)}")
        if other <= 0:
            raise ValueError(f"Non-positive multiplication factor {other} for {type(self)}")
        len_original = len(self)
        offset = len(self)
        for _ in range(other - 1):
            for i in range(len_original):
                self.add_module(str(i + offset), self._modules[str(i)])
            offset += len_original
        return self

    def __iter__(self):
        return iter(self._modules.values())

    def forward(self, input):
        for module in self:
            input = module(input)
        return input

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def insert(self, index, module):
        if not isinstance(module, Module):
            raise AssertionError("module should be of type: {}".format(Module))
        n = len(self._modules)
        if not (-n <= index <= n):
            raise IndexError("Index out of range: {}".format(index))
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def extend(self, sequential):
        for layer in sequential:
            self.append(layer)
        return self


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self += modules

    def _get_abs_string_index(self, idx):
        idx = _index(idx)
        if not (-len(self) <= idx < len(self)):
            raise IndexError("index {} is out of range".format(idx))
        if idx < 0:
            idx += len(self)
        return str(idx)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(list(self._modules.values())[idx])
        if not _native.is_static(idx):
            return list(self._modules.values())[idx]    # see _runtime_index
        return self._modules[self._get_abs_string_index(idx)]

    def __setitem__(self, idx, module):
        idx = self._get_abs_string_index(idx)
        return setattr(self, str(idx), module)

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for k in list(range(len(self._modules)))[idx]:
                delattr(self, str(k))
        else:
            delattr(self, self._get_abs_string_index(idx))
        # the keys are renumbered
        str_indices = [str(i) for i in range(len(self._modules))]
        self._modules = OrderedDict(list(zip(str_indices, self._modules.values())))

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        combined = ModuleList()
        for i, module in enumerate(list(self) + list(other)):
            combined.add_module(str(i), module)
        return combined

    def insert(self, index, module):
        for i in range(len(self._modules), index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def extend(self, modules):
        if not _is_iterable(modules):
            raise TypeError("ModuleList.extend should be called with an iterable, but got " +
                            type(modules).__name__)
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self


class ModuleDict(Module):
    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def clear(self):
        for key in list(self._modules.keys()):
            del self._modules[key]

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def update(self, modules):
        if not _is_iterable(modules):
            raise TypeError("ModuleDict.update should be called with an iterable of key/value pairs, "
                            "but got " + type(modules).__name__)
        if isinstance(modules, (dict, ModuleDict)):
            for key, module in modules.items():
                self[key] = module
        else:
            for j, m in enumerate(modules):
                if not _is_iterable(m):
                    raise TypeError("ModuleDict update sequence element #" + str(j) +
                                    " should be Iterable; is" + type(m).__name__)
                if not len(m) == 2:
                    raise ValueError("ModuleDict update sequence element #" + str(j) +
                                     " has length " + str(len(m)) + "; 2 is required")
                self[m[0]] = m[1]


class ParameterList(Module):
    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self += values

    def _get_abs_string_index(self, idx):
        idx = _index(idx)
        if not (-len(self) <= idx < len(self)):
            raise IndexError("index {} is out of range".format(idx))
        if idx < 0:
            idx += len(self)
        return str(idx)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            out = type(self)()
            for i in list(range(len(self)))[idx]:
                out.append(self[i])
            return out
        if not _native.is_static(idx):
            return [self[i] for i in range(len(self))][idx]    # see _runtime_index
        idx = self._get_abs_string_index(idx)
        return getattr(self, str(idx))

    def __setitem__(self, idx, param):
        idx = self._get_abs_string_index(idx)
        if torch.is_tensor(param) and not isinstance(param, Parameter):
            param = Parameter(param)
        return setattr(self, str(idx), param)

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter([self[i] for i in range(len(self))])

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def append(self, value):
        new_idx = len(self)
        self._size += 1
        self[new_idx] = value
        return self

    def extend(self, values):
        if not _is_iterable(values) or torch.is_tensor(values):
            raise TypeError("ParameterList.extend should be called with an iterable, but got " +
                            type(values).__name__)
        for value in values:
            self.append(value)
        return self

    def __call__(self, *args, **kwargs):
        raise RuntimeError("ParameterList should not be called.")


class ParameterDict(Module):
    def __init__(self, parameters=None):
        super().__init__()
        self._keys = {}
        if parameters is not None:
            self.update(parameters)

    def _key_to_attr(self, key):
        if not isinstance(key, str):
            raise TypeError("Index given to ParameterDict cannot be used as a key as it is not a string "
                            f"(type is '{type(key).__name__}'). Open an issue on github if you need "
                            "non-string keys.")
        return key

    def __getitem__(self, key):
        attr = self._key_to_attr(key)
        return getattr(self, attr)

    def __setitem__(self, key, value):
        self._keys[key] = None
        attr = self._key_to_attr(key)
        if torch.is_tensor(value) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, attr, value)

    def __delitem__(self, key):
        del self._keys[key]
        attr = self._key_to_attr(key)
        delattr(self, attr)

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __reversed__(self):
        return reversed(list(self._keys))

    def copy(self):
        return ParameterDict(OrderedDict([(k, self[k]) for k in self._keys]))

    def __contains__(self, key):
        return key in self._keys

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self):
        for k in list(self._keys.keys()):
            del self[k]

    def pop(self, key):
        v = self[key]
        del self[key]
        return v

    def popitem(self):
        k = list(self._keys.keys())[-1]
        val = self[k]
        del self[k]
        return k, val

    def get(self, key, default=None):
        return self[key] if key in self else default

    def fromkeys(self, keys, default=None):
        return ParameterDict([(k, default) for k in keys])

    def keys(self):
        return self._keys.keys()

    def items(self):
        return [(k, self[k]) for k in self._keys]

    def values(self):
        return [self[k] for k in self._keys]

    def update(self, parameters):
        if not _is_iterable(parameters):
            raise TypeError("ParametersDict.update should be called with an iterable of key/value pairs, "
                            "but got " + type(parameters).__name__)
        if isinstance(parameters, ParameterDict) or _is_ordered_dict(parameters):
            for key, parameter in parameters.items():
                self[key] = parameter
        elif isinstance(parameters, dict):
            # a plain mapping is taken in sorted key order, as PyTorch does
            for key, parameter in sorted(parameters.items()):
                self[key] = parameter
        else:
            for j, p in enumerate(parameters):
                if not _is_iterable(p):
                    raise TypeError("ParameterDict update sequence element #" + str(j) +
                                    " should be Iterable; is" + type(p).__name__)
                if not len(p) == 2:
                    raise ValueError("ParameterDict update sequence element #" + str(j) +
                                     " has length " + str(len(p)) + "; 2 is required")
                self[p[0]] = p[1]

    def __call__(self, input):
        raise RuntimeError("ParameterDict should not be called.")

    def __or__(self, other):
        copy = self.copy()
        copy.update(other)
        return copy

    def __ror__(self, other):
        copy = other.copy()
        copy.update(self)
        return copy

    def __ior__(self, other):
        self.update(other)
        return self


# _runtime_index: an index known only at run time (a loop's counter in
# forward()) indexes the list of items, which says what it supports: tensors
# of one type are gathered at run time, modules are refused.

def _index(idx):
    """operator.index: an int (a bool is one), else TypeError."""
    if isinstance(idx, int):
        return int(idx)
    raise TypeError(f"'{type(idx).__name__}' object cannot be interpreted as an integer")


def _is_iterable(x):
    """isinstance(x, collections.abc.Iterable)."""
    return isinstance(x, (list, tuple, dict, str, range)) or torch.is_tensor(x) or hasattr(x, "__iter__")


def _is_ordered_dict(x):
    """An OrderedDict keeps its order where PyTorch sorts a plain dict's keys
    (collections.OrderedDict makes a plain dict here, which sorts)."""
    return type(x).__name__ == "OrderedDict"


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

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"

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
from torch.nn._transformer import *
from torch.nn import utils
