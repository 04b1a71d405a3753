# The super-resolution network of the PyTorch tutorial on exporting to
# ONNX (Shi et al., "Real-Time Single Image and Video Super-Resolution
# Using an Efficient Sub-Pixel Convolutional Neural Network"): four
# convolutions on the luminance channel, the last producing
# upscale_factor^2 channels that pixel_shuffle rearranges into an image
# upscale_factor times larger; orthogonal initialization.
#
# tsc2onnx: --arg upscale_factor=3 --dynamic x:0=N
# example: x=randn(1,1,32,32)
# inputs: x=randn(2,1,32,32)
# opsets: 11 15 17
import torch
import torch.nn as nn
import torch.nn.init as init


class SuperResolutionNet(nn.Module):
    def __init__(self, upscale_factor, inplace=False):
        super(SuperResolutionNet, self).__init__()

        self.relu = nn.ReLU(inplace=inplace)
        self.conv1 = nn.Conv2d(1, 64, (5, 5), (1, 1), (2, 2))
        self.conv2 = nn.Conv2d(64, 64, (3, 3), (1, 1), (1, 1))
        self.conv3 = nn.Conv2d(64, 32, (3, 3), (1, 1), (1, 1))
        self.conv4 = nn.Conv2d(32, upscale_factor ** 2, (3, 3), (1, 1), (1, 1))
        self.pixel_shuffle = nn.PixelShuffle(upscale_factor)

        self._initialize_weights()

    def forward(self, x):
        x = self.relu(self.conv1(x))
        x = self.relu(self.conv2(x))
        x = self.relu(self.conv3(x))
        x = self.pixel_shuffle(self.conv4(x))
        return x

    def _initialize_weights(self):
        init.orthogonal_(self.conv1.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv2.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv3.weight, init.calculate_gain('relu'))
        init.orthogonal_(self.conv4.weight)


# The test bench also runs this model with these option sets:
# variants: --opset 9 | --trace --no-params | --keep-initializers-as-inputs
