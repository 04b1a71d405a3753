# Identifiers: ASCII and non-ASCII letters, digits after the first
# character, underscores; keywords only as whole words.
_ __x x1 _1 snake_case CamelCase iff ifx if_ x_if
été π λx 变量 ñandú Ωmega µ ª º a·b
