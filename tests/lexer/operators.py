# Every operator and delimiter, longest match first.
a + b - c * d / e // f % g ** h @ i << j >> k & l | m ^ n
~a < b > c <= d >= e == f != g
a = b; a += 1; a -= 1; a *= 1; a /= 1; a //= 1; a %= 1; a **= 1
a @= b; a <<= 1; a >>= 1; a &= 1; a |= 1; a ^= 1
def f(x: int, *args, **kw) -> None: ...
(a := 1)
x[1:2, ...]; x.y; {a: b}; [c, d]
a<<=b>>=c//=d**=e
a...b..c
a<>b
a->b
a=-b
a**-b
