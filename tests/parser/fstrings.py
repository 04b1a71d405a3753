# f-strings: fields, conversions, format specs with nested fields, the
# = debug form, nested quotes, doubled braces, prefixes.
a = f'{x}'
b = f"{x!r} {y!s} {z!a}"
c = f'{x:>10} {y:{width}.{prec}f} {z:%Y-%m-%d}'
d = f'{x=} {y = } {z=!s} {w=:>5}'
e = f'{{literal}} {x} }}'
f = f'{"nested"} {d["key"]} {f"{inner}"}'
g = rf'\d{x}' Fr"{y}\n" fR'{z}'
h = f'''{
    x + 1
}'''
i = f'{x if y else z}' f'{(lambda: 1)()}' f'{a, b}' f'{x!r:^{w}}'
j = f'{3.14:.2f}' f'{x:{"<" if left else ">"}10}'
k = f'{x:=10}' f'{(x:=10)}'
l = f''
m = f'{x}' 'plain' f'{y}'
