# async def, await, async for, async with, async comprehensions, yield.
async def f(x):
    await x
    y = await g(x)
    z = await a.b[0]
    async for i in aiter():
        pass
    else:
        pass
    async with lock as l, other:
        pass
    r = [i async for i in aiter() if await i]
    s = {await i for i in xs}
    return await y ** 2


@decorator
async def g():
    pass


def gen():
    yield
    yield 1
    yield 1, 2
    x = yield from other()
    await_ = (yield)
