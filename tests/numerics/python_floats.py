# Compile-time arithmetic follows Python: run by tests/numerics.py under
# CPython (where every assert holds) and compiled by tsc2onnx, whose
# compile-time interpreter must agree: NaN, infinities, signed zeros,
# floor division and modulo of negative numbers, rounding, and the
# exceptions Python raises (division by zero, 0.0 to a negative power,
# NaN or infinity to int, domain errors, overflow).
import math

import torch
import torch.nn as nn


def raises(f, exc) -> bool:
    try:
        f()
    except exc:
        return True
    return False


def signbit(x: float) -> bool:
    return math.copysign(1.0, x) < 0


class Numerics(nn.Module):
    def __init__(self):
        super().__init__()
        inf = float('inf')
        nan = float('nan')
        # NaN and infinities
        assert math.isnan(inf - inf) and math.isnan(nan * 0) and math.isnan(inf * 0.0)
        assert inf * -1 == -inf and -inf < -1e308 < 1e308 < inf
        assert 1e308 * 10 == inf and -1e308 * 10 == -inf
        assert nan != nan and not (nan < 1.0) and not (nan > 1.0) and not (nan == nan)
        assert math.isinf(float('-infinity')) and math.isnan(float('-nan'))
        # signed zeros
        assert signbit(-0.0) and not signbit(0.0)
        assert signbit(0.0 * -1) and not signbit(-0.0 + 0.0) and signbit(-0.0 - 0.0)
        assert -0.0 == 0.0 and not signbit(abs(-0.0))
        assert signbit(-4.0 % -2.0) and not signbit(-4.0 % 2.0)
        assert signbit(-1.0 // inf) and not signbit(1.0 // inf)
        # floor division and modulo: the sign of the divisor
        assert (-7) // 2 == -4 and -7 % 3 == 2 and 7 % -3 == -2 and (-7) % -3 == -1
        assert -7.5 % 2 == 0.5 and 7.5 // -2 == -4.0 and 7.5 % -2 == -0.5
        assert 1.0 // 0.1 == 9.0 and 1.0 % 0.1 == 0.09999999999999995
        assert 1e-300 // 1e300 == 0.0 and (-1e-300) // 1e300 == -1.0
        # powers, rounding, conversions
        assert 2 ** -1 == 0.5 and 0.0 ** 0 == 1.0 and inf ** 0 == 1.0 and (-8.0) ** 3 == -512.0
        assert round(2.5) == 2 and round(3.5) == 4 and round(-2.5) == -2 and round(0.125, 2) == 0.12
        assert int(-2.7) == -2 and int(2.7) == 2 and int(-0.0) == 0
        assert 9007199254740993 + 0.0 == 9007199254740992.0
        assert 9223372036854775807 // 2 == 4611686018427387903
        assert (-9223372036854775807 - 1) % 7 == 6
        # the exceptions
        assert raises(lambda: 1 // 0, ZeroDivisionError) and raises(lambda: 1 % 0, ZeroDivisionError)
        assert raises(lambda: 1 / 0, ZeroDivisionError) and raises(lambda: 1.0 / 0.0, ZeroDivisionError)
        assert raises(lambda: 1.0 // 0.0, ZeroDivisionError) and raises(lambda: 1.0 % 0.0, ZeroDivisionError)
        assert raises(lambda: 0.0 ** -1, ZeroDivisionError)
        assert raises(lambda: 10.0 ** 400, OverflowError)
        assert raises(lambda: int(nan), ValueError) and raises(lambda: int(inf), OverflowError)
        assert raises(lambda: math.sqrt(-1.0), ValueError) and raises(lambda: math.log(0.0), ValueError)
        assert raises(lambda: 1 << -1, ValueError)

    def forward(self, x):
        return x
