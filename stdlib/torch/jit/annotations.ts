# torch.jit.annotations: the names TorchScript code imports for its
# annotations.  BroadcastingList1/2/3[T] is a T or a list or tuple of Ts
# (the compiler reads it in sema/types/types.c).
from typing import Any, Dict, List, Optional, Tuple, Union, _SpecialForm

BroadcastingList1 = _SpecialForm("BroadcastingList1")
BroadcastingList2 = _SpecialForm("BroadcastingList2")
BroadcastingList3 = _SpecialForm("BroadcastingList3")
