# Inside brackets newlines, comments and indentation are ignored.
def f(a,
          b,   # comment inside
  c):
    return {
'k': [
    1,

        2,
    ],  # trailing
        }
x = (1 +
2)
