/* The evaluator's operator table: which kernel runs each operator of the
 * default domain.  Each kernel file lists its operators (name, kernel,
 * data the kernel reads from EvalCall.info); this file looks them up.  The
 * attributes, inputs and versions of the operators are the schema table's
 * (ir/opschema.h): a kernel reads them through its EvalCall. */
#include <string.h>

#include "eval/ops.h"

typedef struct OpTablePart {
    const EvalOp *ops;
    const int *count;
} OpTablePart;

static const OpTablePart parts[] = {
    {eval_unary_ops, &eval_unary_count},
    {eval_binary_ops, &eval_binary_count},
    {eval_tensor_ops, &eval_tensor_count},
    {eval_generate_ops, &eval_generate_count},
    {eval_index_ops, &eval_index_count},
    {eval_reduce_ops, &eval_reduce_count},
    {eval_select_ops, &eval_select_count},
    {eval_linalg_ops, &eval_linalg_count},
    {eval_einsum_ops, &eval_einsum_count},
    {eval_conv_ops, &eval_conv_count},
    {eval_pool_ops, &eval_pool_count},
    {eval_norm_ops, &eval_norm_count},
    {eval_rnn_ops, &eval_rnn_count},
    {eval_resize_ops, &eval_resize_count},
    {eval_random_ops, &eval_random_count},
    {eval_control_ops, &eval_control_count},
    {eval_detect_ops, &eval_detect_count},
    {eval_sample_ops, &eval_sample_count},
    {eval_signal_ops, &eval_signal_count},
    {eval_attention_ops, &eval_attention_count},
};

const EvalOp *eval_find_op(const char *op)
{
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++)
        for (int i = 0; i < *parts[p].count; i++)
            if (parts[p].ops[i].name[0] == op[0] && strcmp(parts[p].ops[i].name, op) == 0)
                return &parts[p].ops[i];
    return NULL;
}

int eval_op_count(void)
{
    int n = 0;
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++)
        n += *parts[p].count;
    return n;
}

const EvalOp *eval_op_at(int i)
{
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++) {
        if (i < *parts[p].count)
            return &parts[p].ops[i];
        i -= *parts[p].count;
    }
    return NULL;
}
