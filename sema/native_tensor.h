/* The tensor natives' interface to the rest of sema/ and lower/. */
#ifndef TSC_NATIVE_TENSOR_H
#define TSC_NATIVE_TENSOR_H

#include "sema/interp.h"

/* The dimension a size value stands for (static int, or a run-time int
 * with its symbolic dimension), else unknown. */
Dim native_value_dim(const Value *v);
/* The in-place write D = S: every value holding D's tensor object sees S's
 * value from now on (a region logs the write, sema/region.h). */
void native_assign(Interp *in, Tensor *d, Tensor *s);
/* Re-takes view T from its base when the base was written since. */
bool native_refresh_view(Interp *in, Tensor *t, Span span);
/* The nearest of NAMES to NAME by edit distance, NULL when none is close. */
const char *native_nearest_name(const char *name, const char *const *names, int n);
/* The nearest public attribute name of OBJ (module, class or instance). */
const char *native_suggest_attr(Interp *in, Value *obj, const char *name);
void native_tensor_install(Interp *in, Module *m);

#endif
