# match and case are soft keywords: ordinary names elsewhere.
match = re.match(pattern, s)
case = 1
match.group(0)
print(match, case)
_ = match
match(x)
match[0] = 1
def match(case): return case
