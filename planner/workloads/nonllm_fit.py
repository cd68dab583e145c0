"""Constants of the non-LLM workload model, fitted on planner/workloads/nonllm_cases.yaml
by ``python -m planner.workloads.nonllm --write`` (do not edit: a test checks they are
current). Meaning and sources: planner/workloads/nonllm.py, docs/workloads-nonllm.md."""

# (model, mode, device class) -> samples/s per peak TOPS (infer, INT8) or TFLOPS (train, FP16)
K: dict[tuple[str, str, str], float] = {
    ('3d-unet', 'infer', 'cpu'): 0.0036337967290654334,
    ('3d-unet', 'infer', 'gpu'): 0.0036337967290654334,
    ('dlrm-dcnv2', 'infer', 'cpu'): 14.63006085463837,
    ('dlrm-dcnv2', 'infer', 'gpu'): 32.6586915702074,
    ('resnet-50', 'infer', 'cpu'): 47.70950050695462,
    ('resnet-50', 'infer', 'gpu'): 44.19631098522368,
    ('resnet-50', 'train', 'gpu'): 8.717797887081346,
    ('retinanet', 'infer', 'cpu'): 0.6800277975575378,
    ('retinanet', 'infer', 'gpu'): 0.8422659331523865,
    ('ssd300', 'train', 'gpu'): 2.44868772862276,
}
DP_EFFICIENCY = 0.9160402216254713
XGB_CPU_NS = 13.518680960543781
XGB_SERIAL = 0.131
XGB_GPU_NS = 51.28042529735661
XGB_GPU_FIXED_S = 1.0734982259991592
# published rows behind each constant
ROWS: dict[str, int] = {
    '3d-unet/infer/cpu': 2,
    '3d-unet/infer/gpu': 2,
    'dlrm-dcnv2/infer/cpu': 2,
    'dlrm-dcnv2/infer/gpu': 2,
    'dp_efficiency': 4,
    'resnet-50/infer/cpu': 2,
    'resnet-50/infer/gpu': 3,
    'resnet-50/train/gpu': 2,
    'retinanet/infer/cpu': 2,
    'retinanet/infer/gpu': 3,
    'ssd300/train/gpu': 2,
    'xgboost/cpu': 8,
    'xgboost/gpu': 8,
}
# the model's uncertainty per family: median absolute leave-one-out error of its cases
BANDS: dict[str, float] = {
    'recommendation/infer': 0.4108,
    'vision/infer': 0.1334,
    'vision/train': 0.1205,
    'xgboost': 0.112,
}
