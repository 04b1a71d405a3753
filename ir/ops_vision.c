/* Operator table, detection and sampling: the region-of-interest pools
 * (RoiAlign, MaxRoiPool), NonMaxSuppression, GridSample with AffineGrid
 * that builds its grids, and Col2Im.  One row per signature or semantics
 * change from the first version; rows sorted by name, then since (see
 * ir/opschema.h). */
#include "ir/shape.h"

const OpSchema opschema_vision_rows[] = {
    {"AffineGrid", "", 20, {20}, .inputs = {P_IN("theta", "T1"), P_IN("size", "T2")},
     .outputs = {P_IN("grid", "T1")}, .attrs = {A_INT("align_corners", "0")},
     .types = {TV("T1", DTS_FLOAT_BF), TV("T2", DTS(DT_INT64))}, .shape = shape_affine_grid},
    {"Col2Im", "", 18, {18},
     .inputs = {P_IN("input", "T"), P_IN("image_shape", "tensor(int64)"),
                P_IN("block_shape", "tensor(int64)")},
     .outputs = {P_IN("output", "T")},
     .attrs = {A_INTS("dilations"), A_INTS("pads"), A_INTS("strides")},
     .types = {TV("T", DTS_ALL_BF)}, .shape = shape_col2im},
    /* GridSample: mode names change at 20 (linear, cubic), bfloat16 at 22 */
    {"GridSample", "", 16, {16, 20, 22}, .inputs = {P_IN("X", "T1"), P_IN("grid", "T2")},
     .outputs = {P_IN("Y", "T1")},
     .attrs = {A_INT("align_corners", "0"), A_STR("mode", "bilinear"),
               A_STR("padding_mode", "zeros")},
     .types = {TV("T1", DTS_ALL), TV("T2", DTS_FLOAT)}, .shape = shape_grid_sample},
    {"GridSample", "", 20, {16, 20, 22}, .inputs = {P_IN("X", "T1"), P_IN("grid", "T2")},
     .outputs = {P_IN("Y", "T1")},
     .attrs = {A_INT("align_corners", "0"), A_STR("mode", "linear"),
               A_STR("padding_mode", "zeros")},
     .types = {TV("T1", DTS_ALL), TV("T2", DTS_FLOAT)}, .shape = shape_grid_sample},
    {"GridSample", "", 22, {16, 20, 22}, .inputs = {P_IN("X", "T1"), P_IN("grid", "T2")},
     .outputs = {P_IN("Y", "T1")},
     .attrs = {A_INT("align_corners", "0"), A_STR("mode", "linear"),
               A_STR("padding_mode", "zeros")},
     .types = {TV("T1", DTS_ALL_BF), TV("T2", DTS_FLOAT_BF)}, .shape = shape_grid_sample},
    {"MaxRoiPool", "", 1, {1, 22}, .inputs = {P_IN("X", "T"), P_IN("rois", "T")},
     .outputs = {P_IN("Y", "T")},
     .attrs = {R_INTS("pooled_shape"), A_FLOAT("spatial_scale", "1.0")},
     .types = {TV("T", DTS_FLOAT)}, .shape = shape_max_roi_pool},
    {"MaxRoiPool", "", 22, {1, 22}, .inputs = {P_IN("X", "T"), P_IN("rois", "T")},
     .outputs = {P_IN("Y", "T")},
     .attrs = {R_INTS("pooled_shape"), A_FLOAT("spatial_scale", "1.0")},
     .types = {TV("T", DTS_FLOAT_BF)}, .shape = shape_max_roi_pool},
    /* NonMaxSuppression: 11 only allows flipped box corners */
    {"NonMaxSuppression", "", 10, {10, 11},
     .inputs = {P_IN("boxes", "tensor(float)"), P_IN("scores", "tensor(float)"),
                P_OPT("max_output_boxes_per_class", "tensor(int64)"),
                P_OPT("iou_threshold", "tensor(float)"),
                P_OPT("score_threshold", "tensor(float)")},
     .outputs = {P_IN("selected_indices", "tensor(int64)")},
     .attrs = {A_INT("center_point_box", "0")}, .shape = shape_nms},
    /* RoiAlign: coordinate_transformation_mode at 16, bfloat16 at 22 */
    {"RoiAlign", "", 10, {10, 16, 22},
     .inputs = {P_IN("X", "T1"), P_IN("rois", "T1"), P_IN("batch_indices", "T2")},
     .outputs = {P_IN("Y", "T1")},
     .attrs = {A_STR("mode", "avg"), A_INT("output_height", "1"), A_INT("output_width", "1"),
               A_INT("sampling_ratio", "0"), A_FLOAT("spatial_scale", "1.0")},
     .types = {TV("T1", DTS_FLOAT), TV("T2", DTS(DT_INT64))}, .shape = shape_roi_align},
    {"RoiAlign", "", 16, {10, 16, 22},
     .inputs = {P_IN("X", "T1"), P_IN("rois", "T1"), P_IN("batch_indices", "T2")},
     .outputs = {P_IN("Y", "T1")},
     .attrs = {A_STR("coordinate_transformation_mode", "half_pixel"), A_STR("mode", "avg"),
               A_INT("output_height", "1"), A_INT("output_width", "1"),
               A_INT("sampling_ratio", "0"), A_FLOAT("spatial_scale", "1.0")},
     .types = {TV("T1", DTS_FLOAT), TV("T2", DTS(DT_INT64))}, .shape = shape_roi_align},
    {"RoiAlign", "", 22, {10, 16, 22},
     .inputs = {P_IN("X", "T1"), P_IN("rois", "T1"), P_IN("batch_indices", "T2")},
     .outputs = {P_IN("Y", "T1")},
     .attrs = {A_STR("coordinate_transformation_mode", "half_pixel"), A_STR("mode", "avg"),
               A_INT("output_height", "1"), A_INT("output_width", "1"),
               A_INT("sampling_ratio", "0"), A_FLOAT("spatial_scale", "1.0")},
     .types = {TV("T1", DTS_FLOAT_BF), TV("T2", DTS(DT_INT64))}, .shape = shape_roi_align},
};

const int opschema_vision_count = sizeof opschema_vision_rows / sizeof opschema_vision_rows[0];
