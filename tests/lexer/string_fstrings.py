# f-strings are one STRING token each; the parser splits them.
a = f'{x}'
b = f"{x!r:>{width}}"
c = f'''{x}
{y!s}'''
d = f"""{'nested'}"""
e = F'{{literal braces}}'
f = rf'\d{x}' + fR"\w{y}" + Rf'{z}\n' + FR"{w}"
g = f'{a["key"]}' + f"{b['key']}"
h = f'{x:{"fmt"}}' f"{y=}"
